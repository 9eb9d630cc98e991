// types.ts holds the clubs' shapes as the API sends them (docs/openapi.yaml,
// Club, ClubPlace, ClubPage) and what the two clubs' pages share: the words
// of roles and policies, and the text of a refusal.
import { t } from '../lib/i18n';
import { ApiError } from '../lib/api';
import type { Summary } from '../account/format';
import type { Tournament } from '../tournament/types';

/** Policy is how a club takes members. */
export type Policy = 'open' | 'request' | 'invitation';

/** Role is a place in a club: a rank, or a pending request or invitation ("" for none). */
export type Role = 'owner' | 'admin' | 'member' | 'requested' | 'invited' | '';

/** Club is a club. */
export interface Club {
  id: string;
  name: string;
  description: string;
  policy: Policy;
  ownerId: string;
  members: number;
  createdAt: string;
  url: string;
}

/** Place is one user's place in a club. */
export interface Place {
  id: string;
  name: string;
  role: Role;
  since: string;
}

/** ClubPage is GET /api/club/{id}. */
export interface ClubPage {
  club: Club;
  me?: { role: Role; manage: boolean; own: boolean };
  members: Place[];
  requests: Place[];
  invitations: Place[];
  tournaments: Tournament[];
  games: Summary[];
  chatRoom: string;
}

/** Mine is a club with the requester's place in it. */
export interface Mine {
  club: Club;
  role: Role;
}

/** policies lists the policies, most open first. */
export const policies: Policy[] = ['open', 'request', 'invitation'];

/** sayRole is a role's word ("administrador"). */
export function sayRole(r: Role): string {
  return t('club.role.' + r);
}

/** sayPolicy is a policy's words ("por solicitud"). */
export function sayPolicy(p: Policy): string {
  return t('club.policy.' + p);
}

/** errorText is a refusal's message, in the page's language (the server's own). */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

/** clubPath is a club's page. */
export function clubPath(id: string): string {
  return '/club/' + encodeURIComponent(id);
}
