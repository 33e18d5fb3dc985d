import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'config-'));

describe('loadConfig', () => {
  it('defaults to port 8080 and the embedded database', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.planPricesKobo).toEqual({ monthlyKobo: 1_500_000, yearlyKobo: 18_000_000 });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('keeps uploads off S3 unless S3_BUCKET is set; with it, path-style for a custom endpoint', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeNull();
    const s3 = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'shop-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'naira',
    }).s3;
    expect(s3).toEqual({
      bucket: 'shop-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'naira/',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'shop-files' }).s3).toMatchObject({
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('refuses S3 settings without a bucket, or half a key pair', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      new ConfigError('Invalid configuration: S3_BUCKET: required when other S3_* settings are given'),
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
  });

  it('uses JWT_SECRET when given, without writing a file', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('stops with one line naming every bad value', () => {
    const read = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
      });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });
});
