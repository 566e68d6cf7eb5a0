export { discardUnreadBodies } from './unreadBodies';
