# The English of git-orx's library messages, by ID (library). The Chinese of
# each is in locales/zh/ under the same file name and ID.

