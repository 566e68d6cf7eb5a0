// The en texts of the support and status pages (mfe-blog namespace), merged into ./en.ts.
export const supportEn = {
  status_title: 'Service status',
};
