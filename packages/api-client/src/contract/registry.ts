import { z } from 'zod';
import { emptyRequest } from './common';
import {
  loginRequest,
  loginResult,
  modifyPasswordRequest,
  deliveryChannels,
  publicKeyResult,
  resetPasswordRequest,
  sendVerifyCodeRequest,
  userInfo,
} from './auth';
import {
  addFollowerRequest,
  addFollowerRequestRequest,
  followerIdRequest,
  followerRelation,
  followerRequestIdRequest,
  followerStatusRequest,
  loadFollowerListRequest,
  loadMyFollowersRequest,
  modifyFollowerNoteRequest,
  modifyFollowerShareFlagRequest,
} from './follower';
import {
  addEventRequest,
  device,
  eventIdRequest,
  getDeviceListRequest,
  glucoseEvent,
  loadEventsRequest,
  loadReadingsRequest,
  loadPackedReadingsResult,
  loadReadingsResult,
  loadSessionsRequest,
  modifySessionRequest,
  sensorSession,
} from './glucose';
import {
  loadMyMemberInfoResult,
  memberIdRequest,
  memberSeting,
  memberSettingsResult,
  saveMemberInfoRequest,
  uploadImageRequest,
  uploadImageResult,
} from './member';
import {
  createdUploadSecret,
  createUploadSecretRequest,
  exportRequest,
  exportResult,
  importFileRequest,
  importRequest,
  importSummary,
  loadUploadSecretsRequest,
  uploadSecret,
  uploadSecretIdRequest,
} from './data-transfer';
import {
  addPushDeviceRequest,
  alarm,
  alarmIdRequest,
  alertPreference,
  NOTIFICATION_ACTION_PATH,
  notificationActionRequest,
  pushDevice,
  pushDeviceIdRequest,
  pushKeyResult,
  saveAlertPreferenceRequest,
  snoozeAlarmRequest,
} from './alerts';
import {
  createPublicLinkRequest,
  deviceReport,
  loadDeviceReportRequest,
  loadPublicLinksRequest,
  loadReportRequest,
  packedReportData,
  publicLink,
  publicLinkIdRequest,
  reportData,
} from './report';

/**
 * How a call is answered: `item` (one object), `rows` (a page: rows + total) or `none`
 * (only code and message).
 */
export type CallShape = 'item' | 'rows' | 'none';
/**
 * Who may call: `public` needs no token; `user` needs xToken; `report` also accepts the
 * internalXToken query parameter that report pages receive (SPEC §2).
 */
export type CallAccess = 'public' | 'user' | 'report';

export type CallEncoding = 'json' | 'form' | 'file';

export interface CallDefinition<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Shape extends CallShape = CallShape,
  Encoding extends CallEncoding = CallEncoding,
> {
  path: `/web/${string}` | '/web/follower';
  request: Req;
  /** The item schema, the row schema for `rows`, z.undefined() for `none`. */
  response: Res;
  shape: Shape;
  access: CallAccess;
  /**
   * `form` sends multipart form data (small files); `file` sends the request's fields in the
   * query string and one file as the raw body (large files, read by the server as they arrive);
   * everything else is JSON.
   */
  encoding: Encoding;
}

function call<Req extends z.ZodType, Res extends z.ZodType, Shape extends CallShape, Encoding extends CallEncoding = 'json'>(
  path: CallDefinition['path'],
  request: Req,
  response: Res,
  shape: Shape,
  access: CallAccess = 'user',
  encoding: Encoding = 'json' as Encoding,
): CallDefinition<Req, Res, Shape, Encoding> {
  return { path, request, response, shape, access, encoding };
}

const none = z.undefined();

/**
 * Every call of the /api contract, by name. The paths and field names of SPEC §7 are kept
 * exactly, typos included; the calls the spec leaves out follow the same style.
 */
export const contract = {
  // Session and account
  login: call('/web/user/login', loginRequest, loginResult, 'item', 'public'),
  sendVerifyCode: call('/web/user/sendVerifyCode', sendVerifyCodeRequest, none, 'none', 'public'),
  resetPassword: call('/web/user/resetPassword', resetPasswordRequest, none, 'none', 'public'),
  getPublicKey: call('/web/user/getPublicKey', emptyRequest, publicKeyResult, 'item', 'public'),
  getDeliveryChannels: call('/web/user/getDeliveryChannels', emptyRequest, deliveryChannels, 'item', 'public'),
  logout: call('/web/user/logout', emptyRequest, none, 'none'),
  getUserInfo: call('/web/user/getUserInfo', emptyRequest, userInfo, 'item'),
  modifyPassword: call('/web/user/modifyPassword', modifyPasswordRequest, none, 'none'),

  // Profile and settings
  loadMyMemberInfo: call('/web/member/loadMyMemberInfo', emptyRequest, loadMyMemberInfoResult, 'item'),
  saveMemberInfo: call('/web/member/saveMemberInfo', saveMemberInfoRequest, none, 'none'),
  saveMemberSeting: call('/web/member/saveMemberSeting', memberSeting, memberSeting, 'item'),
  loadMemberInfoById: call('/web/member/loadMemberInfoById', memberIdRequest, memberSettingsResult, 'item'),
  uploadImage: call('/web/uploadfile/uploadImage', uploadImageRequest, uploadImageResult, 'item', 'user', 'form'),

  // Glucose data
  loadReadings: call('/web/glucose/loadReadings', loadReadingsRequest, loadReadingsResult, 'item'),
  /** loadReadings packed, with ETag / 304 (issue 19): what the portal reads. */
  loadPackedReadings: call('/web/glucose/loadPackedReadings', loadReadingsRequest, loadPackedReadingsResult, 'item'),
  loadSessions: call('/web/sensor/loadSessions', loadSessionsRequest, sensorSession, 'rows'),
  modifySession: call('/web/sensor/modifySession', modifySessionRequest, sensorSession, 'item'),
  loadEvents: call('/web/event/loadEvents', loadEventsRequest, glucoseEvent, 'rows'),
  addEvent: call('/web/event/addEvent', addEventRequest, glucoseEvent, 'item'),
  delEvent: call('/web/event/delEvent', eventIdRequest, none, 'none'),
  getDeviceList: call('/web/device/getDeviceList', getDeviceListRequest, device, 'rows'),

  // Reports
  loadReport: call('/web/userReport/loadReport', loadReportRequest, reportData, 'item', 'report'),
  /** loadReport with its readings packed (issue 19). */
  loadPackedReport: call('/web/userReport/loadPackedReport', loadReportRequest, packedReportData, 'item', 'report'),
  loadDeviceReport: call('/web/userReport/loadDeviceReport', loadDeviceReportRequest, deviceReport, 'item', 'report'),
  createPublicLink: call('/web/userReport/createPublicLink', createPublicLinkRequest, publicLink, 'item'),
  revokePublicLink: call('/web/userReport/revokePublicLink', publicLinkIdRequest, publicLink, 'item'),
  loadPublicLinks: call('/web/userReport/loadPublicLinks', loadPublicLinksRequest, publicLink, 'rows'),
  loadPublicReport: call('/web/publicReport/loadReport', publicLinkIdRequest, reportData, 'item', 'public'),
  loadPackedPublicReport: call('/web/publicReport/loadPackedReport', publicLinkIdRequest, packedReportData, 'item', 'public'),

  // Member side of following (/web/userFollower/*)
  loadFollowerList: call('/web/userFollower/loadFollowerList', loadFollowerListRequest, followerRelation, 'rows'),
  // No relation in the answer: it is the same whether the address has an account or not.
  addFollower: call('/web/userFollower/addFollower', addFollowerRequest, none, 'none'),
  modifyFollowerShareFlag: call(
    '/web/userFollower/modifyFollowerShareFlag',
    modifyFollowerShareFlagRequest,
    followerRelation,
    'item',
  ),
  modifyFollowerNote: call('/web/userFollower/modifyFollowerNote', modifyFollowerNoteRequest, followerRelation, 'item'),
  delFollower: call('/web/userFollower/delFollower', followerIdRequest, none, 'none'),
  agreedFollowerRequest: call(
    '/web/userFollower/agreedFollowerRequest',
    followerRequestIdRequest,
    followerRelation,
    'item',
  ),
  rejectFollowerRequest: call(
    '/web/userFollower/rejectFollowerRequest',
    followerRequestIdRequest,
    followerRelation,
    'item',
  ),

  // Follower side (/web/follower/*)
  loadMyFollowers: call('/web/follower/loadMyFollowers', loadMyFollowersRequest, followerRelation, 'rows'),
  // No relation in the answer: it is the same whether the address has an account or not.
  addFollowerRequest: call('/web/follower/addFollowerRequest', addFollowerRequestRequest, none, 'none'),
  delMyFollower: call('/web/follower/delMyFollower', followerIdRequest, none, 'none'),
  /** The approver sets a request's status (SPEC §7 `/web/follower`, `id` + `status`). */
  setFollowerStatus: call('/web/follower', followerStatusRequest, followerRelation, 'item'),
  loadFollowedMemberInfo: call('/web/follower/loadMemberInfoById', memberIdRequest, memberSettingsResult, 'item'),

  // Data in and out (Settings → Import data, Export data, upload secrets)
  createUploadSecret: call('/web/dataTransfer/createUploadSecret', createUploadSecretRequest, createdUploadSecret, 'item'),
  loadUploadSecrets: call('/web/dataTransfer/loadUploadSecrets', loadUploadSecretsRequest, uploadSecret, 'rows'),
  revokeUploadSecret: call('/web/dataTransfer/revokeUploadSecret', uploadSecretIdRequest, uploadSecret, 'item'),
  previewImport: call('/web/dataTransfer/previewImport', importRequest, importSummary, 'item'),
  commitImport: call('/web/dataTransfer/commitImport', importRequest, importSummary, 'item'),
  // The same two with the file as the request body: what the portal uses (bounded server memory).
  previewImportFile: call('/web/dataTransfer/previewImportFile', importFileRequest, importSummary, 'item', 'user', 'file'),
  commitImportFile: call('/web/dataTransfer/commitImportFile', importFileRequest, importSummary, 'item', 'user', 'file'),
  exportData: call('/web/dataTransfer/exportData', exportRequest, exportResult, 'item'),

  // Live alarms (issue 20): this recipient's alarms, acknowledge (for all), snooze (for me)
  loadAlarms: call('/web/alarm/loadAlarms', emptyRequest, alarm, 'rows'),
  acknowledgeAlarm: call('/web/alarm/acknowledgeAlarm', alarmIdRequest, alarm, 'item'),
  snoozeAlarm: call('/web/alarm/snoozeAlarm', snoozeAlarmRequest, alarm, 'item'),
  /** The recipient's choices per member they receive alerts for: themselves and who shares with them. */
  loadAlertPreferences: call('/web/alarm/loadAlertPreferences', emptyRequest, alertPreference, 'rows'),
  saveAlertPreference: call('/web/alarm/saveAlertPreference', saveAlertPreferenceRequest, alertPreference, 'item'),
  /** From a notification's buttons: the signed action token of the push is the authority. */
  notificationAction: call(NOTIFICATION_ACTION_PATH, notificationActionRequest, none, 'none', 'public'),

  // Web Push devices
  getPushKey: call('/web/push/getPushKey', emptyRequest, pushKeyResult, 'item'),
  addPushDevice: call('/web/push/addPushDevice', addPushDeviceRequest, pushDevice, 'item'),
  loadPushDevices: call('/web/push/loadPushDevices', emptyRequest, pushDevice, 'rows'),
  removePushDevice: call('/web/push/removePushDevice', pushDeviceIdRequest, none, 'none'),
  sendTestNotification: call('/web/push/sendTestNotification', emptyRequest, none, 'none'),
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
/** What a caller passes (defaults may be left out). */
export type RequestOf<N extends CallName> = z.input<Contract[N]['request']>;
/** What the server sees after validation (defaults filled in). */
export type ParsedRequestOf<N extends CallName> = z.output<Contract[N]['request']>;
/** What a call resolves to in the client: the item, a page, or nothing. */
export type ResultOf<N extends CallName> = Contract[N]['shape'] extends 'rows'
  ? Page<z.output<Contract[N]['response']>>
  : Contract[N]['shape'] extends 'item'
    ? z.output<Contract[N]['response']>
    : void;

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/** The API base path; every call's path is relative to it. */
export const API_BASE_PATH = '/api';
