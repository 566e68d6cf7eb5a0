// The globals and module types of a bundle built by the webpack factory (createConfig.mjs), for every app:
// `/// <reference types="tooling/webpack/env" />` in the app's webpack.d.ts.
declare const __BUILD_ID__: string;
declare const __APP_NAME__: string;
declare const __CONTRACT_VERSION__: string;
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
