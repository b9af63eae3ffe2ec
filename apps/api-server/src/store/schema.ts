import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';
import type { UploadSecretScope } from './types';
import { partitionReadings } from './reading-months';

/** The database as Kysely sees it (camelCase; CamelCasePlugin maps to snake_case columns). */
export interface Database {
  members: MembersTable;
  tokens: TokensTable;
  verifyCodes: VerifyCodesTable;
  attemptCounters: AttemptCountersTable;
  workLeases: WorkLeasesTable;
  followers: FollowersTable;
  readings: ReadingsTable;
  readingDays: ReadingDaysTable;
  sensorSessions: SensorSessionsTable;
  events: EventsTable;
  devices: DevicesTable;
  publicLinks: PublicLinksTable;
  uploadSecrets: UploadSecretsTable;
  nightscoutDocs: NightscoutDocsTable;
  alertEvaluations: AlertEvaluationsTable;
  alarms: AlarmsTable;
  alarmSnoozes: AlarmSnoozesTable;
  alertPreferences: AlertPreferencesTable;
  jobs: JobsTable;
  pushDevices: PushDevicesTable;
  serverSecrets: ServerSecretsTable;
  storedFiles: StoredFilesTable;
  memberStorage: MemberStorageTable;
  memberFiles: MemberFilesTable;
}

/** Bytes of uploaded files a member holds on disk, counted against their quota. */
export interface MemberStorageTable {
  memberId: number;
  bytes: number;
}
/** Who uploaded each file: only its owner's changes ever delete it. */
export interface MemberFilesTable {
  path: string;
  memberId: number;
  bytes: number;
}

/** Keys every server of one deployment must share (RSA for sign-in, the Nightscout JWT key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  createdAt: number;
}
/** Uploaded files (avatars) kept in the database, so any server of several can serve them. */
export interface StoredFilesTable {
  path: string;
  bytes: Uint8Array;
  contentType: string;
  createdAt: number;
}

export interface MembersTable {
  id: Generated<number>;
  accountType: number;
  email: string | null;
  mobile: string | null;
  passwordHash: string;
  memberName: string;
  avatar: string;
  country: string | null;
  timeZone: string;
  birthday: string | null;
  gender: number | null;
  diabetesType: number | null;
  diagnosisYear: number | null;
  remarks: string | null;
  petType: string | null;
  breed: string | null;
  weight: number | null;
  insulinType: string | null;
  insulinFreq: number | null;
  insulinDose: number | null;
  syringeType: number | null;
  unit: string;
  targetLow: number;
  targetHigh: number;
  highAlert: number;
  lowAlert: number;
  urgentLowAlert: number;
  urgentHighAlert: number;
  createdAt: number;
  /** The language the member last used the portal in: messages sent to them use it. */
  lang: string | null;
  alertRepeatMinutes: Generated<number>;
}
export interface TokensTable {
  tokenHash: string;
  memberId: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}
/** Attempts per key (login per account and per client address, codes sent per address). */
/** Work only one may do at a time (one import per member), held until done or expired. */
export interface WorkLeasesTable {
  key: string;
  holder: string;
  expiresAt: number;
}

export interface AttemptCountersTable {
  key: string;
  count: number;
  windowStart: number;
  /** The current window's length: doubled after a window that reached its limit (back-off). */
  windowMs: number;
}

export interface VerifyCodesTable {
  id: Generated<number>;
  address: string;
  purpose: string;
  codeHash: string;
  createdAt: number;
  expiresAt: number;
  attempts: number;
  usedAt: number | null;
}
export interface FollowersTable {
  id: Generated<number>;
  memberId: number;
  followerAccountId: number;
  status: number;
  shareFlag: number;
  note: string;
  message: string;
  addTime: number;
  fetchedTime: number | null;
}
export interface ReadingsTable {
  memberId: number;
  time: number;
  mgdl: number;
  kind: string;
}
/** A version per member and UTC day of readings: what a cached closed day and an ETag are checked against. */
export interface ReadingDaysTable {
  memberId: number;
  day: number;
  version: number;
}
export interface SensorSessionsTable {
  id: Generated<number>;
  memberId: number;
  deviceId: number | null;
  sn: string;
  startTime: number;
  warmupEndTime: number;
  expireTime: number;
  endTime: number | null;
  note: string;
}
export interface EventsTable {
  id: Generated<number>;
  memberId: number;
  eventType: string;
  time: number;
  note: string;
  detail: string;
  /** The client's key of the request that made it (addEvent), unique per member; null otherwise. */
  idempotencyKey: ColumnType<string | null, string | undefined, never>;
}
export interface DevicesTable {
  id: Generated<number>;
  memberId: number;
  sn: string;
  model: string;
  appVersion: string;
  phoneModel: string;
  osVersion: string;
  lastRefreshTime: number | null;
  timeZone: string;
}
export interface PublicLinksTable {
  id: string;
  memberId: number;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  spanDays: number;
  lang: string;
}

export interface UploadSecretsTable {
  id: Generated<number>;
  memberId: number;
  secretHash: string;
  label: string;
  scope: UploadSecretScope;
  lang: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface NightscoutDocsTable {
  id: Generated<number>;
  memberId: number;
  collection: string;
  identifier: string;
  date: number;
  dedupKey: string | null;
  srvCreated: number;
  srvModified: number;
  /** 1 or 0 (SQLite has no boolean). */
  isValid: number;
  doc: string;
}

/** Per member, the newest live reading the alert engine evaluated (one claim per reading). */
export interface AlertEvaluationsTable {
  memberId: number;
  lastReadingTime: number;
}
export interface AlarmsTable {
  id: Generated<number>;
  memberId: number;
  kind: string;
  raisedAt: number;
  lastNotifiedAt: number;
  occurrence: number;
  glucose: number | null;
  trend: string;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  acknowledgedByAccountId: number | null;
  acknowledgedLevel: number | null;
  acknowledgedUntil: number | null;
  clearedAt: number | null;
}
export interface AlarmSnoozesTable {
  alarmId: number;
  recipientId: number;
  until: number;
}
export interface AlertPreferencesTable {
  recipientId: number;
  memberId: number;
  /** The kinds received, as one JSON object (urgentLow, low, high, urgentHigh, noData). */
  kinds: string;
  quietStart: string | null;
  quietEnd: string | null;
  /** 1 or 0. */
  sound: number;
}

/** Work done after the request that asked for it (jobs/): a push, later a mail or a PDF. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON; each kind's handler validates it. */
  payload: string;
  /** Not before this time (epoch ms): the first run, or the next try after a failure. */
  runAt: number;
  /** At most one unfinished job per key (null: no such rule). */
  dedupKey: string | null;
  /** Runs started so far, counted when a worker claims the job. */
  attempts: number;
  maxAttempts: number;
  /** The claim a worker holds: its random token and until when (a dead worker's claim lapses). */
  leaseToken: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  createdAt: number;
  /** Set when the job gave up (out of tries, or a failure no retry can mend); kept for operators. */
  failedAt: number | null;
}

/** A browser that receives Web Push for an account (what the README says is stored about a device). */
export interface PushDevicesTable {
  id: Generated<number>;
  memberId: number;
  /** The push service's URL for this subscription; unique: one browser subscription, one row. */
  endpoint: string;
  /** The browser's P-256 key and auth secret (RFC 8291), base64url. */
  p256dh: string;
  auth: string;
  /** Shown in the device list, e.g. "Chrome · Android". */
  name: string;
  createdAt: number;
  lastNotifiedAt: number | null;
}

export type Dialect = 'sqlite' | 'postgres';

/**
 * Migrations, in order. Written with Kysely's schema builder so one text runs on SQLite and
 * PostgreSQL; the only difference is how an auto-increment id is spelled.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  // Migrations use the untyped builder (their tables do not exist in `Database` yet).
  type Any = Kysely<unknown>;
  const withId = (db: Any, table: string) =>
    dialect === 'postgres'
      ? db.schema.createTable(table).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const time = 'bigint' as const;
  const real = 'double precision' as const;

  return {
    '0001_initial': {
      async up(db: Any) {
        await withId(db, 'members')
          .addColumn('account_type', 'integer', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.unique())
          .addColumn('mobile', 'text', (c) => c.unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('member_name', 'text', (c) => c.notNull())
          .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('country', 'text')
          .addColumn('time_zone', 'text', (c) => c.notNull())
          .addColumn('birthday', 'text')
          .addColumn('gender', 'integer')
          .addColumn('diabetes_type', 'integer')
          .addColumn('diagnosis_year', 'integer')
          .addColumn('remarks', 'text')
          .addColumn('pet_type', 'text')
          .addColumn('breed', 'text')
          .addColumn('weight', real)
          .addColumn('insulin_type', 'text')
          .addColumn('insulin_freq', real)
          .addColumn('insulin_dose', real)
          .addColumn('syringe_type', 'integer')
          .addColumn('unit', 'text', (c) => c.notNull())
          .addColumn('target_low', 'integer', (c) => c.notNull())
          .addColumn('target_high', 'integer', (c) => c.notNull())
          .addColumn('high_alert', 'integer', (c) => c.notNull())
          .addColumn('low_alert', 'integer', (c) => c.notNull())
          .addColumn('urgent_low_alert', 'integer', (c) => c.notNull())
          .addColumn('urgent_high_alert', 'integer', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .addColumn('revoked_at', time)
          .execute();
        await db.schema.createIndex('tokens_member').on('tokens').column('member_id').execute();

        await withId(db, 'verify_codes')
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_at', time)
          .execute();
        await db.schema
          .createIndex('verify_codes_address')
          .on('verify_codes')
          .columns(['address', 'purpose', 'created_at'])
          .execute();

        await withId(db, 'followers')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('follower_account_id', 'integer', (c) =>
            c.notNull().references('members.id').onDelete('cascade'),
          )
          .addColumn('status', 'integer', (c) => c.notNull())
          .addColumn('share_flag', 'integer', (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('add_time', time, (c) => c.notNull())
          .addColumn('fetched_time', time)
          .addUniqueConstraint('followers_pair', ['member_id', 'follower_account_id'])
          .execute();
        await db.schema.createIndex('followers_follower').on('followers').column('follower_account_id').execute();

        let readings = db.schema
          .createTable('readings')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('time', time, (c) => c.notNull())
          .addColumn('mgdl', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          // Re-uploads of the same value are idempotent; also the index every span query uses.
          .addPrimaryKeyConstraint('readings_pk', ['member_id', 'kind', 'time']);
        // On SQLite, store the rows in key order (clustered), so a span is one sequential read.
        if (dialect === 'sqlite') readings = readings.modifyEnd(sql`without rowid`);
        await readings.execute();

        await withId(db, 'devices')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('sn', 'text', (c) => c.notNull())
          .addColumn('model', 'text', (c) => c.notNull())
          .addColumn('app_version', 'text', (c) => c.notNull())
          .addColumn('phone_model', 'text', (c) => c.notNull())
          .addColumn('os_version', 'text', (c) => c.notNull())
          .addColumn('last_refresh_time', time)
          .addColumn('time_zone', 'text', (c) => c.notNull())
          .execute();

        await withId(db, 'sensor_sessions')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
          .addColumn('sn', 'text', (c) => c.notNull())
          .addColumn('start_time', time, (c) => c.notNull())
          .addColumn('warmup_end_time', time, (c) => c.notNull())
          .addColumn('expire_time', time, (c) => c.notNull())
          .addColumn('end_time', time)
          .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema
          .createIndex('sensor_sessions_member')
          .on('sensor_sessions')
          .columns(['member_id', 'start_time'])
          .execute();

        await withId(db, 'events')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('event_type', 'text', (c) => c.notNull())
          .addColumn('time', time, (c) => c.notNull())
          .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('detail', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('events_member_time').on('events').columns(['member_id', 'time']).execute();

        await db.schema
          .createTable('public_links')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('expires_at', time)
          .addColumn('revoked_at', time)
          .addColumn('span_days', 'integer', (c) => c.notNull())
          .addColumn('lang', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('public_links_member').on('public_links').column('member_id').execute();
      },
    },
    '0002_upload_secrets': {
      async up(db: Any) {
        await withId(db, 'upload_secrets')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
          .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('last_used_at', time)
          .addColumn('revoked_at', time)
          .execute();
        await db.schema.createIndex('upload_secrets_member').on('upload_secrets').column('member_id').execute();
      },
    },
    // A read-only secret lets a follower's Nightscout tool read without being able to write.
    '0003_upload_secret_scope': {
      async up(db: Any) {
        await db.schema.alterTable('upload_secrets').addColumn('scope', 'text', (c) => c.notNull().defaultTo('upload')).execute();
      },
    },
    // Nightscout documents as uploaders sent them, so API v3 clients (AAPS) read back what they wrote.
    '0004_nightscout_docs': {
      async up(db: Any) {
        await withId(db, 'nightscout_docs')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('collection', 'text', (c) => c.notNull())
          .addColumn('identifier', 'text', (c) => c.notNull())
          .addColumn('date', time, (c) => c.notNull())
          .addColumn('dedup_key', 'text')
          .addColumn('srv_created', time, (c) => c.notNull())
          .addColumn('srv_modified', time, (c) => c.notNull())
          .addColumn('is_valid', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('doc', 'text', (c) => c.notNull())
          .addUniqueConstraint('nightscout_docs_identifier', ['member_id', 'collection', 'identifier'])
          .execute();
        const index = (name: string, column: string) =>
          db.schema.createIndex(name).on('nightscout_docs').columns(['member_id', 'collection', column]).execute();
        await index('nightscout_docs_date', 'date');
        await index('nightscout_docs_modified', 'srv_modified');
        await index('nightscout_docs_dedup', 'dedup_key');
      },
    },
    // The language the member read the portal in when making the secret: the language of the
    // alarms sent to that uploader (the server keeps no other language for a member).
    '0005_upload_secret_lang': {
      async up(db: Any) {
        await db.schema.alterTable('upload_secrets').addColumn('lang', 'text', (c) => c.notNull().defaultTo('en')).execute();
      },
    },
    // Attempt limits live in the database: they hold under parallel requests (one statement
    // counts), across a restart, and across servers that share the database.
    '0006_attempt_counters': {
      async up(db: Any) {
        await db.schema
          .createTable('attempt_counters')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('window_start', time, (c) => c.notNull())
          .execute();
      },
    },
    // The job queue lives in the database, so a restart or a second server loses no pending work.
    '0011_jobs': {
      async up(db: Any) {
        await withId(db, 'jobs')
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('payload', 'text', (c) => c.notNull())
          .addColumn('run_at', time, (c) => c.notNull())
          .addColumn('dedup_key', 'text', (c) => c.unique())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('max_attempts', 'integer', (c) => c.notNull())
          .addColumn('lease_token', 'text')
          .addColumn('lease_until', time)
          .addColumn('last_error', 'text')
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('failed_at', time)
          .execute();
        await db.schema.createIndex('jobs_due').on('jobs').columns(['failed_at', 'run_at']).execute();
      },
    },
    // Browsers that receive Web Push, per account (members and followers alike).
    '0013_push_devices': {
      async up(db: Any) {
        await withId(db, 'push_devices')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('endpoint', 'text', (c) => c.notNull().unique())
          .addColumn('p256dh', 'text', (c) => c.notNull())
          .addColumn('auth', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .addColumn('last_notified_at', time)
          .execute();
        await db.schema.createIndex('push_devices_member').on('push_devices').column('member_id').execute();
      },
    },
    // Events made by a request with an idempotency key: the same key twice is one event, even
    // when both requests run at once (the unique index decides, not a check before the insert).
    '0016_event_idempotency': {
      async up(db: Any) {
        await db.schema.alterTable('events').addColumn('idempotency_key', 'text').execute();
        await db.schema.createIndex('events_idempotency').unique().on('events').columns(['member_id', 'idempotency_key']).execute();
      },
    },
    // Attempt windows of their own length, so limits back off exponentially (countAttempt).
    '0015_attempt_backoff': {
      async up(db: Any) {
        await db.schema.alterTable('attempt_counters').addColumn('window_ms', time, (c) => c.notNull().defaultTo(15 * 60 * 1000)).execute();
      },
    },
    // One import per member at a time, across requests, restarts and servers: a row per running
    // piece of work, claimed in one statement; a lease that outlives its holder (a crash) expires.
    '0014_work_leases': {
      async up(db: Any) {
        await db.schema
          .createTable('work_leases')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('holder', 'text', (c) => c.notNull())
          .addColumn('expires_at', time, (c) => c.notNull())
          .execute();
      },
    },
    // The member's language, for what reaches them outside the portal (a follow request by e-mail).
    '0012_member_language': {
      async up(db: Any) {
        await db.schema.alterTable('members').addColumn('lang', 'text').execute();
      },
    },
    // Alert state (issue 20): in the database so a restart or a second server forgets nothing.
    // One open alarm per member (a partial unique index), so two servers cannot raise it twice.
    '0010_alert_state': {
      async up(db: Any) {
        await db.schema.alterTable('members').addColumn('alert_repeat_minutes', 'integer', (c) => c.notNull().defaultTo(30)).execute();
        await db.schema
          .createTable('alert_evaluations')
          .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
          .addColumn('last_reading_time', time, (c) => c.notNull())
          .execute();
        await withId(db, 'alarms')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('raised_at', time, (c) => c.notNull())
          .addColumn('last_notified_at', time, (c) => c.notNull())
          .addColumn('occurrence', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('glucose', 'integer')
          .addColumn('trend', 'text', (c) => c.notNull().defaultTo('unknown'))
          .addColumn('acknowledged_at', time)
          .addColumn('acknowledged_by', 'text')
          .addColumn('acknowledged_by_account_id', 'integer')
          .addColumn('acknowledged_level', 'integer')
          .addColumn('acknowledged_until', time)
          .addColumn('cleared_at', time)
          .execute();
        await db.schema.createIndex('alarms_one_open').on('alarms').column('member_id').unique().where(sql.ref('cleared_at'), 'is', null).execute();
        await db.schema.createIndex('alarms_member').on('alarms').columns(['member_id', 'raised_at']).execute();
        await db.schema
          .createTable('alarm_snoozes')
          .addColumn('alarm_id', 'integer', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
          .addColumn('recipient_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('until', time, (c) => c.notNull())
          .addPrimaryKeyConstraint('alarm_snoozes_pk', ['alarm_id', 'recipient_id'])
          .execute();
        await db.schema
          .createTable('alert_preferences')
          .addColumn('recipient_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('kinds', 'text', (c) => c.notNull())
          .addColumn('quiet_start', 'text')
          .addColumn('quiet_end', 'text')
          .addColumn('sound', 'integer', (c) => c.notNull().defaultTo(1))
          .addPrimaryKeyConstraint('alert_preferences_pk', ['recipient_id', 'member_id'])

          .execute();
      },
    },
    // Scale-out: what a server used to keep in its own data folder, kept where every server of
    // the deployment reads it. The first server to start writes a secret; the others read it.
    // socket.io's PostgreSQL adapter sends messages too large for NOTIFY through this table.
    '0021_socket_io_attachments': {
      async up(db: Any) {
        if (dialect !== 'postgres') return;
        await sql`create table if not exists socket_io_attachments (id bigserial unique, created_at timestamptz default now(), payload bytea)`.execute(db);
      },
    },
    // Avatar storage per member: a quota claimed in one statement before a file is written, and
    // each file's owner, so a replaced avatar is deleted by exactly the upload that replaced it.
    '0017_member_storage': {
      async up(db: Any) {
        await db.schema
          .createTable('member_storage')
          .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
          .addColumn('bytes', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('member_files')
          .addColumn('path', 'text', (c) => c.primaryKey())
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('bytes', 'integer', (c) => c.notNull())
          .execute();
      },
    },
    '0020_server_secrets': {
      async up(db: Any) {
        await db.schema
          .createTable('server_secrets')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('stored_files')
          .addColumn('path', 'text', (c) => c.primaryKey())
          .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('created_at', time, (c) => c.notNull())
          .execute();
      },
    },
    // Scale-out (issue 22): a dedup key always ends in the document's date, so the dedup lookup
    // names the date too and runs on nightscout_docs_date; its own index was a tenth of the
    // bytes every uploaded entry costs.
    '0022_nightscout_dedup_by_date': {
      async up(db: Any) {
        await db.schema.dropIndex('nightscout_docs_dedup').ifExists().execute();
      },
    },
    // Issue 19: a report counts a member's events by type over its span on every load; with the
    // type in the index the count reads the index alone (80 µs for 1,400 events, 305 µs before).
    '0023_events_by_type': {
      async up(db: Any) {
        await db.schema.createIndex('events_member_type_time').on('events').columns(['member_id', 'event_type', 'time']).execute();
      },
    },
    // Scale-out (issue 22): readings in one partition per UTC month on PostgreSQL
    // (store/reading-months.ts); the table as it was becomes the history partition, uncopied.
    '0024_readings_by_month': {
      async up(db: Any) {
        if (dialect === 'postgres') await partitionReadings(db, Date.now());
      },
    },
    // Issue 19: a version per member and UTC day that every write of readings changes, so a
    // server can keep closed days in memory and answer ETags from the data, never from the clock
    // (a late back-fill changes a past day). Versions are random, not counters, so a restored or
    // re-created database (or a re-used member id) never repeats an ETag a browser still holds.
    '0019_reading_day_versions': {
      async up(db: Any) {
        let days = db.schema
          .createTable('reading_days')
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('version', time, (c) => c.notNull())
          .addPrimaryKeyConstraint('reading_days_pk', ['member_id', 'day']);
        if (dialect === 'sqlite') days = days.modifyEnd(sql`without rowid`);
        await days.execute();
        // Days that already hold readings get a version of their own (48 random bits).
        const random = dialect === 'sqlite' ? sql`(abs(random()) % 281474976710655) + 1` : sql`floor(random() * 281474976710655)::bigint + 1`;
        await sql`insert into reading_days (member_id, day, version)
          select member_id, time / 86400000, ${random} from readings group by member_id, time / 86400000`.execute(db);
      },
    },
  };
}
