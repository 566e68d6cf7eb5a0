// The English texts of the `mfe-blog` namespace: their own chunk, loaded by `loadResources('en')`.
export const en = {
  blog_title: 'Blog',
  blog_page: 'Page {{page}}',
  post_title: 'Blog post',
  roadmap_title: 'Roadmap',
  support_title: 'Support',
  blog_next_release: 'Articles arrive in the next release.',
  post_next_release: 'This article will be available in the next release.',
  roadmap_text: 'Our plans for the exchange will be published here in the next release.',
  support_text: 'The support page with contacts and answers to common questions arrives in the next release.',
};
