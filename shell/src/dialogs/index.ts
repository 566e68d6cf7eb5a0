export { AuthDialogsStore } from './AuthDialogsStore';
export type { AuthField } from './authErrors';
