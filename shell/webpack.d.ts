/// <reference types="tooling/webpack/env" />
declare const __SHELL_CONFIG__: { defaultTheme?: 'light' | 'dark'; healthCheckOnStart?: boolean; partnerReferralParam?: string } | undefined;
declare module '*.css';
