import type { CreatedRequest, FactoryBody, TaskFormResponse, UploadedTaskFile } from '@atrium/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The form of a request template (GET /api/tasks/templates/{key}/form/): the template and its fields. */
export const requestFormQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['tasks', 'templates', key, 'form'],
    queryFn: () => http.get<TaskFormResponse>(`/api/tasks/templates/${encodeURIComponent(key)}/form/`),
  });

/** Uploads one file of a request's form (POST /api/tasks/upload/); its id goes into the request. */
export function uploadRequestFile(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<UploadedTaskFile>('/api/tasks/upload/', form);
}

/** Files a factory request (POST /api/tasks/factory/); the new request shows in the lists at once. */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FactoryBody) => http.post<CreatedRequest>('/api/tasks/factory/', body),
    // Not awaited: the modal's close delay does not wait for the lists. Templates and forms stay as they are.
    onSuccess: () => {
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] === 'tasks' && queryKey[1] !== 'templates',
      });
    },
  });
}
