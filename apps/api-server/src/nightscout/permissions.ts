import type { UploadSecretScope } from '../store/types';

/**
 * What an upload secret may do, in Nightscout's terms. Nightscout grants per operation
 * (`api:treatments:create`, roles `readable`, `careportal`, `devicestatus-upload`…); a secret's
 * scope is one of those operations, or all of them (`upload`), for every collection:
 *
 * | scope  | Nightscout role / permission it stands for          |
 * | upload | `admin`, `api:*:*` (uploaders: AAPS, xDrip+, Loop)   |
 * | read   | `readable`, `api:*:read` (followers' tools)          |
 * | create | `careportal`, `devicestatus-upload`, `api:*:create`  |
 * | update | `api:*:update`                                       |
 * | delete | `api:*:delete`                                       |
 */
export type Operation = 'create' | 'read' | 'update' | 'delete';

export function mayDo(scope: UploadSecretScope, operation: Operation): boolean {
  return scope === 'upload' || scope === operation;
}

/** The letters of `crud` a scope grants, as API v3's status lists them per collection. */
export function crudOf(scope: UploadSecretScope): string {
  return (['create', 'read', 'update', 'delete'] as const)
    .filter((op) => mayDo(scope, op))
    .map((op) => op[0])
    .join('');
}

/** The permission a JWT of this scope carries (API v2's `permissionGroups`). */
export function permissionOf(scope: UploadSecretScope): string {
  return scope === 'upload' ? 'api:*:*' : `api:*:${scope}`;
}
