import { useMutation } from '@tanstack/react-query';
import { companiesApi, type CompanyUpdateInput } from '@lintel/contracts';
import { request } from '../../lib/http.ts';

/** PUT /companies/:id with the `__v` the edit started from; a stale one is refused with 409. */
export const useUpdateCompany = () =>
  useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CompanyUpdateInput }) =>
      (await request(companiesApi.update, { params: { id }, body })).data,
  });
