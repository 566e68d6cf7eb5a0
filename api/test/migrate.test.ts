import { migrate, readMigrations } from '../src/db/migrate';
import { seedInstruments } from '../src/modules/instruments/seed';
import { INSTRUMENT_CATALOGUE } from '../src/modules/instruments/catalogue';
import { createInstrumentRepo } from '../src/modules/instruments/repo';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

describe.each(BACKENDS)('migrations on %s', (backend) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(backend);
  }, 60_000);
  afterAll(() => t?.drop());

  it('applies every file once and is idempotent', async () => {
    const all = readMigrations().map((m) => m.name);
    expect(all[0]).toBe('0001_init.sql');
    expect(await migrate(t.handle)).toEqual(all);
    expect(await migrate(t.handle)).toEqual([]);
    const rows = await t.handle.withSession((s) => s.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'));
    expect(rows.map((r) => r.name)).toEqual(all);
    const tables = await t.handle.withSession((s) =>
      s.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_name IN ('instruments','orders','order_events') AND table_schema = current_schema()",
      ),
    );
    expect(tables.map((r) => r.table_name).sort()).toEqual(['instruments', 'order_events', 'orders']);
  });

  it('stores money as NUMERIC(38,18)', async () => {
    const cols = await t.handle.withSession((s) =>
      s.query<{ column_name: string; data_type: string; numeric_precision: number; numeric_scale: number }>(
        "SELECT column_name, data_type, numeric_precision, numeric_scale FROM information_schema.columns WHERE table_name = 'orders' AND column_name IN ('claimed_deposit_amount','amount_to_get','price') AND table_schema = current_schema()",
      ),
    );
    expect(cols).toHaveLength(3);
    for (const c of cols) expect([c.data_type, Number(c.numeric_precision), Number(c.numeric_scale)]).toEqual(['numeric', 38, 18]);
  });

  it('rolls back a failing migration and records nothing', async () => {
    await expect(migrate(t.handle, [{ name: '9999_broken.sql', sql: 'CREATE TABLE broken_x (id int); SELECT * FROM no_such_table;' }])).rejects.toThrow(
      /9999_broken/,
    );
    const rows = await t.handle.withSession((s) => s.query("SELECT 1 FROM schema_migrations WHERE name = '9999_broken.sql'"));
    expect(rows).toHaveLength(0);
    const tables = await t.handle.withSession((s) =>
      s.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'broken_x' AND table_schema = current_schema()"),
    );
    expect(tables).toHaveLength(0);
  });

  it('seeds idempotently and keeps an operator deactivation', async () => {
    await seedInstruments(t.handle.db);
    await t.handle.withSession((s) => s.query("UPDATE instruments SET is_active = false WHERE slug = 'doge'"));
    await seedInstruments(t.handle.db);
    const repo = await createInstrumentRepo(t.handle.db);
    expect(repo.all()).toHaveLength(INSTRUMENT_CATALOGUE.length);
    expect(repo.bySlug('doge')?.isActive).toBe(false);
    expect(repo.bySlug('eth')?.networkFee.toFixed()).toBe('0.002');
  });

  if (backend === 'postgres') {
    it('lets only one of two replicas starting together apply the migrations (advisory lock)', async () => {
      const fresh = await openTestDb('postgres');
      try {
        const other = await fresh.reopen();
        const [a, b] = await Promise.all([migrate(fresh.handle), migrate(other)]);
        expect([...a, ...b].sort()).toEqual(readMigrations().map((m) => m.name));
      } finally {
        await fresh.drop();
      }
    });
  }
});
