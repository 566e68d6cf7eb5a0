export { AuthDialogsStore, type AuthDialogKind, type AuthForm } from './AuthDialogsStore';
export { authErrorFeedback, type AuthField, type AuthErrorFeedback } from './authErrors';
