import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../src/server/config";

describe("loadConfig", () => {
  it("applies the defaults", () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: "0.0.0.0",
      databasePath: "data/simulateur.sqlite",
      databaseUrl: undefined,
      databasePoolSize: 10,
      retentionIntervalMs: 3_600_000,
      statsRefreshMs: 300_000,
      engineUrl: undefined,
      enginePort: 5001,
      engineWorkers: undefined,
      engineClientTimeoutMs: 30_000,
      engineWorkerTimeoutS: 60,
      engineCacheSize: 500,
      engineMaxBatchSize: 64,
      engineBatchWindowMs: 15,
      engineMaxQueue: undefined,
      engineQueueTimeoutMs: 10_000,
      engineCacheTtlS: 86_400,
      redisUrl: undefined,
      redisKeyPrefix: "simulateur:",
      redisCacheSize: 100_000,
      writesPerMinutePerIp: 120,
      computationsPerMinutePerIp: 120,
      renderedPagesPerMinutePerIp: 120,
      requestTimeoutMs: 10_000,
      contactEmail: undefined,
      staticDir: "dist/app",
      smtpUrl: undefined,
      mailFrom: "Simulateur d’aides <no-reply@localhost>",
      publicUrl: "http://localhost:8080",
      smsUrl: undefined,
      smsUser: undefined,
      smsPassword: undefined,
      lieuxApiUrl: undefined,
    });
  });

  it("reads and converts the environment, treating empty values as unset", () => {
    const config = loadConfig({
      PORT: "3000",
      HOST: "127.0.0.1",
      DATABASE_PATH: "/var/lib/simulateur/db.sqlite",
      ENGINE_URL: "http://127.0.0.1:5002/",
      ENGINE_WORKERS: "3",
      ENGINE_CLIENT_TIMEOUT_MS: "",
      ENGINE_CACHE_SIZE: "0",
      ENGINE_MAX_BATCH_SIZE: "16",
      ENGINE_BATCH_WINDOW_MS: "0",
      ENGINE_MAX_QUEUE: "300",
      ENGINE_QUEUE_TIMEOUT_MS: "5000",
      WRITES_PER_MINUTE_PER_IP: "0",
      COMPUTATIONS_PER_MINUTE_PER_IP: "600",
      RENDERED_PAGES_PER_MINUTE_PER_IP: "30",
      REQUEST_TIMEOUT_MS: "20000",
      CONTACT_EMAIL: "contact@example.org",
      STATIC_DIR: "build",
    });
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databasePath: "/var/lib/simulateur/db.sqlite",
      engineUrl: "http://127.0.0.1:5002",
      engineWorkers: 3,
      engineClientTimeoutMs: 30_000,
      engineCacheSize: 0,
      engineMaxBatchSize: 16,
      engineBatchWindowMs: 0,
      engineMaxQueue: 300,
      engineQueueTimeoutMs: 5_000,
      writesPerMinutePerIp: 0,
      computationsPerMinutePerIp: 600,
      renderedPagesPerMinutePerIp: 30,
      requestTimeoutMs: 20_000,
      contactEmail: "contact@example.org",
      staticDir: "build",
    });
  });

  it("lists every bad value in one clear error", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        ENGINE_WORKERS: "0",
        CONTACT_EMAIL: "nobody",
        ENGINE_URL: "ftp://x",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(4);
    expect(message).toContain('PORT: must be a whole number (got "eighty")');
    expect(message).toContain("ENGINE_WORKERS: must be at least 1");
    expect(message).toContain("CONTACT_EMAIL");
    expect(message).toContain("ENGINE_URL");
  });

  it("keeps the client timeout below the engine worker timeout", () => {
    expect(() =>
      loadConfig({ ENGINE_CLIENT_TIMEOUT_MS: "60000", ENGINE_WORKER_TIMEOUT_S: "60" }),
    ).toThrow(/ENGINE_CLIENT_TIMEOUT_MS: must be below ENGINE_WORKER_TIMEOUT_S/);
  });

  it("refuses a batch of no household and a negative cache size", () => {
    expect(() => loadConfig({ ENGINE_MAX_BATCH_SIZE: "0" })).toThrow(
      /ENGINE_MAX_BATCH_SIZE: must be at least 1/,
    );
    expect(() => loadConfig({ ENGINE_CACHE_SIZE: "-1" })).toThrow(/ENGINE_CACHE_SIZE/);
  });

  it("never echoes the database URL, which may hold a password", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://user:secret@host/db" })).toThrow(
      /^(?![\s\S]*secret)[\s\S]*DATABASE_URL/,
    );
  });

  it("reads the recap settings and never echoes their secrets", () => {
    expect(
      loadConfig({
        SMTP_URL: "smtp://user:secret@127.0.0.1:2525",
        MAIL_FROM: "Aides <aides@example.org>",
        PUBLIC_URL: "https://aides.example.org/",
        SMS_URL: "https://sms.example.org/send",
        SMS_USER: "account",
        SMS_PASSWORD: "hunter2",
      }),
    ).toMatchObject({
      smtpUrl: "smtp://user:secret@127.0.0.1:2525",
      mailFrom: "Aides <aides@example.org>",
      publicUrl: "https://aides.example.org",
      smsUrl: "https://sms.example.org/send",
      smsUser: "account",
      smsPassword: "hunter2",
    });
    try {
      loadConfig({ SMTP_URL: "http://user:secret@host" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain("SMTP_URL");
      expect((error as ConfigError).message).not.toContain("secret");
    }
  });

  it("reads which proxies to trust for the visitor's address", () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});
