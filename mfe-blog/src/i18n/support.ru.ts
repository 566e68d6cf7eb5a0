// The ru texts of the support and status pages (mfe-blog namespace), merged into ./ru.ts.
export const supportRu = {
  status_title: 'Статус сервиса',
};
