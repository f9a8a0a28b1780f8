import type { PatientCreate } from '@dastak/core/entities/patients';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ifMatch } from '../../../lib/edit-conflict';

/** POST /entity/patient/ */
export const createPatient = (body: PatientCreate) => api.post('/entity/patient/', { body });

/** PUT /entity/patient/{id}/ with If-Match: the version the form read (409 if changed since). */
export const updatePatient = (id: number, body: PatientCreate, version: number) =>
  api.put('/entity/patient/:id/', { params: { id }, body, headers: ifMatch(version) });

/** DELETE /entity/patient/{id} (CAN_DELETE_PATIENT) */
export const deletePatient = (id: number) => api.delete('/entity/patient/:id', { params: { id } });

export const useCreatePatientMutation = () => useMutation({ mutationFn: createPatient });
export const useUpdatePatientMutation = () =>
  useMutation({
    mutationFn: ({ id, body, version }: { id: number; body: PatientCreate; version: number }) =>
      updatePatient(id, body, version),
  });
export const useDeletePatientMutation = () => useMutation({ mutationFn: deletePatient });
