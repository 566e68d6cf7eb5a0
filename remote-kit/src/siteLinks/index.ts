// remote-kit/site-links: links to the site's own pages from a remote, navigated client-side (§2).
export { SiteLink } from './SiteLink';
export { siteLinkClickHandler } from './siteLinks';
