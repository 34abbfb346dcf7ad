//! Test results from JUnit XML.
