import type {
  EditMode,
  FormFieldsResponse,
  FormMode,
  ManagerLink,
  ManagerLinkBody,
  ManagerLinksResponse,
  ManagerTypesResponse,
  Profile,
  SetCompetencyLevelBody,
  UserCompetenciesResponse,
} from '@atrium/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

type Body = Record<string, unknown>;

export const profileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['profiles', userId],
    queryFn: () => http.get<Profile>(`/api/users/${userId}/`),
  });

/**
 * The form configuration a viewer reads and edits a profile with: their edit mode's, or the self
 * configuration (labels and groups only) for a viewer who may not edit. Asked for the person's company
 * where the viewer edits there, as the server checks the saved fields against that company's form.
 */
export const formFieldsQueryOptions = (mode: FormMode, company?: number) =>
  queryOptions({
    queryKey: ['profiles', 'form-fields', mode, company ?? null],
    queryFn: () => {
      const query = new URLSearchParams({ mode });
      if (company !== undefined) query.set('company', String(company));
      return http.get<FormFieldsResponse>(`/api/users/form-fields/?${query}`);
    },
    // Spec §9: configuration is cached without a stale time; it changes only when HR edits it.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const configModeOf = (editMode: EditMode): FormMode => (editMode === 'none' ? 'self' : editMode);

/** Saves one group: HR patches the person, the owner updates themself (spec §7). */
export function saveProfileGroup(profile: Profile, groupId: number, body: Body) {
  const query = `?group_id=${groupId}`;
  return profile.edit_mode === 'hr'
    ? http.patch<Profile>(`/api/users/${profile.id}/${query}`, body)
    : http.post<Profile>(`/api/users/me_update/${query}`, body);
}

export function useSaveProfileGroup(profile: Profile) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: number; body: Body }) =>
      saveProfileGroup(profile, groupId, body),
    onSuccess: (saved) => queryClient.setQueryData(profileQueryOptions(saved.id).queryKey, saved),
  });
}

export const createUser = (body: Body) => http.post<Profile>('/api/users/', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (created) => queryClient.setQueryData(profileQueryOptions(created.id).queryKey, created),
  });
}

type UploadedAvatar = { avatar: string | null };

/** One's own picture goes to upload-avatar/ (HR's too); HR sets someone else's by their id. */
export function uploadAvatar(userId: number, own: boolean, file: File) {
  const form = new FormData();
  form.append('file', file);
  const path = own ? '/api/users/profile/upload-avatar/' : `/api/users/profile/upload-avatar/${userId}/`;
  return http.upload<UploadedAvatar>(path, form);
}

/**
 * Uploads a new picture of `userId`, then reloads their profile; it stays pending until the new picture's
 * URL is there. `onUploaded` refreshes what else shows the picture.
 */
export function useUploadAvatar(userId: number, own: boolean, onUploaded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(userId, own, file),
    onSuccess: () => {
      onUploaded();
      return queryClient.invalidateQueries({ queryKey: profileQueryOptions(userId).queryKey });
    },
  });
}

export const managerLinksQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['managers', userId],
    queryFn: () => http.get<ManagerLinksResponse>(`/api/managers/?user_id=${userId}`).then((r) => r.results),
  });

export const managerTypesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['managers', 'types', userId],
    queryFn: () =>
      http.get<ManagerTypesResponse>(`/api/managers/manager_types/?user_id=${userId}`).then((r) => r.results),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const addManagerLink = (body: ManagerLinkBody) => http.post<ManagerLink>('/api/managers/', body);

/** The server answers 204 without a body. */
export const removeManagerLink = (linkId: number) => http.delete(`/api/managers/${linkId}/`);

export const userCompetenciesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['competencies', userId],
    queryFn: () =>
      http
        .get<UserCompetenciesResponse>(`/api/competencies/get_levels/?user_id=${userId}`)
        .then((r) => r.results),
  });

export const setCompetencyLevel = (body: SetCompetencyLevelBody) =>
  http.post<UserCompetenciesResponse>('/api/competencies/set_level/', body);
