# git-orx 的库消息的中文,按 ID (library);英文在 locales/en/ 同名文件的同一 ID 下。

