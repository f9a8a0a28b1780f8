import type { Patient, PatientCreate } from '@dastak/core/entities/patients';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /entity/patient/ */
export const createPatient = (body: PatientCreate) => api.post<Patient>('/entity/patient/', body);

/** PUT /entity/patient/{id}/ */
export const updatePatient = (id: number, body: PatientCreate) =>
  api.put<Patient>(`/entity/patient/${id}/`, body);

/** DELETE /entity/patient/{id} (CAN_DELETE_PATIENT) */
export const deletePatient = (id: number) => api.delete<unknown>(`/entity/patient/${id}`);

export const useCreatePatientMutation = () => useMutation({ mutationFn: createPatient });
export const useUpdatePatientMutation = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: PatientCreate }) => updatePatient(id, body),
  });
export const useDeletePatientMutation = () => useMutation({ mutationFn: deletePatient });
