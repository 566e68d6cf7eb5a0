// The partner SDK (issue 29): see README.md.
export {};
