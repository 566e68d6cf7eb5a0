// The English texts of the `mfe-docs` namespace (en.json, which webpack emits as JSON.parse: cheaper to parse than an
// object literal): their own chunk, loaded by `loadResources('en')`.
import en from './en.json';

export { en };
