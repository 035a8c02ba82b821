import type { EmailNoticePrefs } from '@contracts/notices';
import type { Role } from '@contracts/roles';
import type { LoginResponse, ProfileDto } from '@contracts/wire';
import { http } from '../../api/http';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** tenant slug from an invite link (`/register?tenant=slug`) */
  tenant?: string;
}

/**
 * The signed-in user as GET and PATCH /users/me answer: the profile and which notices also come by e-mail (absent from a
 * server that predates them, which then has no such choice to offer).
 */
export type MeDto = ProfileDto & { emailNotices?: EmailNoticePrefs };

interface UpdateMeBody {
  name?: string;
  currentPassword?: string;
  password?: string;
  confirmPassword?: string;
  /** only the notices that change */
  emailNotices?: Partial<EmailNoticePrefs>;
}

export const authApi = {
  login: (email: string, password: string) => http.post<LoginResponse>('/auth/login', { email, password }),
  register: (input: RegisterInput) => http.post<{ message: string; user: ProfileDto }>('/auth/register', input),
  /** a response with a user object that has an id */
  session: () => http.get<{ user: { id: number } & Partial<ProfileDto> }>('/auth/session'),
  profile: (id: number) => http.get<ProfileDto>(`/users/${id}`),
  logout: () => http.post<void>('/auth/logout'),
  me: () => http.get<MeDto>('/users/me'),
  updateMe: (body: UpdateMeBody) => http.patch<MeDto>('/users/me', body),
};
