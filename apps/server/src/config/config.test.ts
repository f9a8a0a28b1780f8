import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config';

describe('configuration', () => {
  it('defaults: port 8080, ./data, PGlite with demo data, public URL from the port', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toMatch(/\/data$/);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DEMO_DATA).toBe(true);
    expect(c.ADMIN_EMAIL).toBe('admin@dastak.local');
    expect(c.PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('demo data is off with DATABASE_URL unless asked for', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_DATA: 'on' }).DEMO_DATA).toBe(true);
  });

  it('a bad value stops the start with a message naming the variable', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example.com' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('SMTP_URL');
    }
  });

  it('dispatch tunables take environment overrides and refuse bad ones by name', () => {
    expect(loadConfig({ AUTO_ASSIGN_HORIZON_MINUTES: '90' }).dispatch.horizonMinutes).toBe(90);
    expect(() => loadConfig({ DISPATCH_STREET_SPEED_KMH: 'fast' })).toThrow(
      /DISPATCH_STREET_SPEED_KMH/,
    );
  });

  it("the rider reach lead defaults to core's 60 minutes and refuses a bad value by name", () => {
    expect(loadConfig({}).RIDER_REACH_LEAD_MINUTES).toBe(60);
    expect(loadConfig({ RIDER_REACH_LEAD_MINUTES: '15' }).RIDER_REACH_LEAD_MINUTES).toBe(15);
    for (const bad of ['soon', '-5', '30.5', '2000']) {
      expect(() => loadConfig({ RIDER_REACH_LEAD_MINUTES: bad })).toThrow(
        /RIDER_REACH_LEAD_MINUTES/,
      );
    }
  });

  it('empty strings count as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_PASSWORD: '' }).PORT).toBe(8080);
  });

  it('warns when PostgreSQL is used without PUBLIC_URL (customer links would say localhost)', () => {
    const db = 'postgres://dastak@db.internal/dastak';
    expect(configWarnings({ DATABASE_URL: db })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: the links sent to customers/),
    ]);
    expect(configWarnings({ DATABASE_URL: db, PUBLIC_URL: 'https://dastak.example.pk' })).toEqual(
      [],
    );
    // On the embedded database (a laptop, the demo) localhost is what is meant.
    expect(configWarnings({})).toEqual([]);
  });

  it('sizes the pool and takes a LISTEN URL that bypasses a pooler', () => {
    expect(loadConfig({}).DB_POOL_MAX).toBe(20);
    expect(loadConfig({ DB_POOL_MAX: '50' }).DB_POOL_MAX).toBe(50);
    expect(() => loadConfig({ DB_POOL_MAX: '1' })).toThrow(/DB_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'http://x' })).toThrow(/DATABASE_LISTEN_URL/);
  });
});
