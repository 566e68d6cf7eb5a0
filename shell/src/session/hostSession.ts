// What remotes see of the session (`host.session`): read-only account state, the account dialogs, logout,
// the visitor id, and the shell-owned visit records (referral id, confirmed email, UTM) behind small interfaces.
import { REFERRAL_COOKIE, readCookie, type HostConfirmedEmails, type HostSession } from 'shared-contracts';
import type { RootStore } from '../stores/RootStore';
import type { KeyValueStorage } from '../stores/env';
import { localConfirmedEmails } from '../dialogs/confirmedEmails';
import { referralSource, type ReferralSource } from './referral';
import { browserUtmEnvironment, utmRecorder, type UtmEnvironment, type UtmRecorder } from '../analytics/utm';

export interface VisitRecordsEnv {
  /** Where the referralID cookie lives (`document` in the browser). */
  cookieDocument: { cookie: string };
  isHttps(): boolean;
  /** The email confirmed locally (§4 ckm A); absent = remembered for this page only. */
  localStorage?: KeyValueStorage;
  /** §3 UTM cookie and storage; absent = no UTM records (host.session.utm() is null). */
  utm?: UtmEnvironment;
}

/** The shell's records of this visit that remotes use but never touch directly (one set per shell mount). */
export interface VisitRecords {
  referral: ReferralSource;
  confirmedEmails: HostConfirmedEmails;
  /** Fed by the navigation hook (ShellApp), read by host.session.utm(). */
  utm: UtmRecorder;
}

export function createVisitRecords(stores: Pick<RootStore, 'session' | 'consent'>, env: VisitRecordsEnv, queryRef: () => string | undefined): VisitRecords {
  // issue 24: the referral cookie and the UTM records wait for the visitor's consent to marketing cookies
  const allowed = () => stores.consent.marketingAllowed;
  return {
    referral: referralSource({
      readCookie: () => readCookie(REFERRAL_COOKIE, env.cookieDocument.cookie),
      writeCookie: (cookie) => {
        env.cookieDocument.cookie = cookie;
      },
      queryRef,
      isAuthorised: () => stores.session.isAuthorised,
      isHttps: env.isHttps,
      allowed,
    }),
    confirmedEmails: localConfirmedEmails(env.localStorage),
    utm: utmRecorder(env.utm, allowed),
  };
}

export function browserVisitRecordsEnv(): VisitRecordsEnv {
  let localStorage: KeyValueStorage | undefined;
  try {
    localStorage = window.localStorage;
  } catch {
    localStorage = undefined; // blocked storage (some private modes)
  }
  return { cookieDocument: document, isHttps: () => window.location.protocol === 'https:', localStorage, utm: browserUtmEnvironment(document) };
}

export function hostSession(stores: RootStore, records: VisitRecords): HostSession {
  const { session, dialogs } = stores;
  return {
    get isAuthorised() {
      return session.isAuthorised;
    },
    get isAdmin() {
      return session.isAdmin;
    },
    get account() {
      return session.account;
    },
    get isLoading() {
      return session.isLoading;
    },
    openLoginDialog: () => dialogs.openLogin(),
    openRegisterDialog: (options) => dialogs.openRegister(options),
    openRestorePasswordDialog: (email) => dialogs.openRestore(email),
    confirmEmail: (email) => dialogs.confirmEmail(email),
    logout: () => session.logout(),
    getVisitorId: () => stores.visitorId(),
    referral: records.referral,
    confirmedEmails: records.confirmedEmails,
    utm: () => records.utm.latest(),
  };
}
