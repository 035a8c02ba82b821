import { defaultEmailNotices, EMAIL_NOTICES, type EmailNoticePrefs } from '../contracts/notices';
import type { ProfileDto } from '../contracts/wire';
import type { User } from './user.entity';

export function toProfile(u: User): ProfileDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    roles: [u.role],
    status: u.status ?? 'pending',
    tenant_id: u.tenantId,
    active_org_id: u.activeOrgId,
    tenant: u.tenant ? { id: u.tenant.id, name: u.tenant.name, slug: u.tenant.slug } : null,
    active_org: u.activeOrg ? { id: u.activeOrg.id, name: u.activeOrg.name, type: u.activeOrg.type } : null,
    created_at: u.createdAt.toISOString(),
    emailNotices: emailNoticesOf(u.emailNotices),
  };
}

/** A user's e-mail choice with the defaults filled in (a notice added later starts on); unknown keys are dropped. */
export function emailNoticesOf(stored: Partial<EmailNoticePrefs> | null | undefined): EmailNoticePrefs {
  const prefs = defaultEmailNotices();
  for (const notice of EMAIL_NOTICES) if (typeof stored?.[notice] === 'boolean') prefs[notice] = stored[notice];
  return prefs;
}
