// The English texts of the `mfe-profile` namespace (en.json, which webpack emits as JSON.parse: cheaper to parse than an
// object literal): their own chunk, loaded by `loadResources('en')`.
// From info_email_confirmed on (en.json): issue 24's confirmed email, step-up, two-factor, suspended keys (identity-ui).
import en from './en.json';

export { en };
