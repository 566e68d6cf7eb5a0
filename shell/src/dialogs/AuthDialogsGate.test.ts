import { autorun } from 'mobx';
import { AuthDialogsGate } from './AuthDialogsGate';
import { AuthDialogsStore } from './AuthDialogsStore';
import { localConfirmedEmails } from './confirmedEmails';

function memoryStorage() {
  const values = new Map<string, string>();
  return { values, getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

function setup() {
  const confirmedEmails = localConfirmedEmails(memoryStorage());
  const events: string[] = [];
  const createStore = jest.fn(
    async () =>
      new AuthDialogsStore({
        session: { login: async () => undefined, register: async () => undefined },
        api: {
          requestPasswordReset: async () => ({ ok: true as const }),
          resetPassword: async () => ({ ok: true as const }),
          requestEmailConfirmation: async () => ({ ok: true as const }),
          confirmEmail: async () => ({ ok: true as const }),
        },
        confirmedEmails,
        notify: () => undefined,
        t: (k) => k,
        track: (e) => void events.push(e),
        referralId: () => undefined,
        locale: () => 'en',
        onSignedIn: () => undefined,
      }),
  );
  return { gate: new AuthDialogsGate({ createStore, confirmedEmails }), createStore, confirmedEmails, events };
}

describe('AuthDialogsGate', () => {
  it('loads nothing until a dialog opens; closing or leaving the page before that is a no-op', () => {
    const { gate, createStore } = setup();
    expect(gate.open).toBeNull();
    gate.close();
    gate.leavePage();
    expect(createStore).not.toHaveBeenCalled();
    expect(gate.store).toBeNull();
  });

  it('opens the dialog asked for once the store is there, and is observable', async () => {
    const { gate } = setup();
    const seen: (string | null)[] = [];
    const stop = autorun(() => seen.push(gate.open));
    await gate.openLogin('/profile/history', 'a@b.io');
    expect(gate.open).toBe('login');
    expect(gate.store?.next).toBe('/profile/history');
    expect(gate.store?.form.email).toBe('a@b.io');
    expect(seen).toEqual([null, 'login']);
    gate.close();
    expect(gate.open).toBeNull();
    stop();
  });

  it('makes one store, and applies calls made while it loads in their order', async () => {
    const { gate, createStore } = setup();
    const first = gate.openLogin();
    const second = gate.openRegister({ reason: 'card-purchase', email: 'buyer@mail.io' });
    await Promise.all([first, second]);
    expect(createStore).toHaveBeenCalledTimes(1);
    expect(gate.open).toBe('register');
    expect(gate.store?.registerReason).toBe('card-purchase');
    await gate.openRestore('x@y.io');
    expect(gate.open).toBe('restore');
    expect(createStore).toHaveBeenCalledTimes(1);
  });

  it('leaving the page with the register dialog open reports it through the store', async () => {
    const { gate, events } = setup();
    await gate.openRegister();
    gate.leavePage();
    expect(events).toEqual(['registration_abandoned']);
  });

  it('an email already confirmed in this browser resolves without loading the store', async () => {
    const { gate, createStore, confirmedEmails } = setup();
    confirmedEmails.remember('known@mail.io');
    await expect(gate.confirmEmail(' known@mail.io ')).resolves.toBe('known@mail.io');
    expect(createStore).not.toHaveBeenCalled();
  });

  it('another email opens the confirmation dialog and resolves when it is dismissed', async () => {
    const { gate } = setup();
    const confirmed = gate.confirmEmail('new@mail.io');
    await new Promise((r) => setTimeout(r, 0));
    expect(gate.open).toBe('emailConfirmation');
    gate.close();
    await expect(confirmed).resolves.toBeNull();
  });

  it('a failed load rejects and the next open tries again', async () => {
    const { gate, createStore } = setup();
    createStore.mockRejectedValueOnce(new Error('ChunkLoadError'));
    await expect(gate.openLogin()).rejects.toThrow('ChunkLoadError');
    expect(gate.store).toBeNull();
    await gate.openLogin();
    expect(gate.open).toBe('login');
    expect(createStore).toHaveBeenCalledTimes(2);
  });
});
