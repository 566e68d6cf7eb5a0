/// <reference types="tooling/webpack/env" />
