declare const __BUILD_ID__: string;
declare const __APP_NAME__: string;
declare const __SHELL_CONFIG__: { defaultTheme?: 'light' | 'dark'; healthCheckOnStart?: boolean; partnerReferralParam?: string } | undefined;
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
