import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
