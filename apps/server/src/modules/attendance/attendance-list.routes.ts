import { Readable } from 'node:stream';
import { detailResponseSchema } from '@dastak/core/entities/auth';
import {
  attendanceListQuerySchema,
  attendanceRecordPageSchema,
  attendanceSlotListSchema,
  riderShiftAttendanceQuerySchema,
} from '@dastak/core/entities/shifts';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageResponse } from '../../lib/paging';
import { plainJsonSerializer } from '../../lib/plain-json';
import { currentUser } from '../../plugins/auth';
import { exportAudit } from '../audit/public';
import { attendanceCsvFileName } from './attendance-csv';
import * as service from './attendance-list.service';

const tags = ['shifts'];

/**
 * The attendance reads (spec §2.11, §7 Shifts and attendance): the list of rider shifts with
 * their attendance figures, its CSV and listing email, and the online chart's slots. The break
 * (PUT /shift/rider-shifts/{id}/) is the shifts module's.
 */
export const attendanceListRoutes: FastifyPluginAsyncZod = async (app) => {
  const model = app.config.dispatch;

  app.get(
    '/shift/rider-shifts/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_RIDER_SHIFT },
      schema: {
        tags,
        summary: 'Rider shifts with attendance, on-time and online figures (paged)',
        querystring: attendanceListQuerySchema,
        response: { 200: attendanceRecordPageSchema },
      },
      // Built field by field by the service from its own SQL; tests parse it (ADR 0012).
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => {
      const page = await service.listAttendance(app.db, req.query, model);
      return pageResponse(req, req.query, page.count, page.results);
    },
  );

  app.get(
    '/shift/rider-shifts/csv/',
    {
      config: { access: PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING },
      schema: {
        tags,
        summary: 'The filtered attendance list as CSV (every page)',
        querystring: attendanceListQuerySchema,
      },
    },
    async (req, reply) => {
      const audit = exportAudit(app.db, req, { entityType: 'Attendance', format: 'csv' });
      const stream = Readable.from(service.attendanceCsv(app.db, req.query, model, audit));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${attendanceCsvFileName(new Date())}"`,
        )
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/shift/send_attendance_listing_email/',
    {
      config: { access: PERMISSIONS.CAN_DOWNLOAD_ATTENDANCE_LISTING },
      schema: {
        tags,
        summary: 'Emails the filtered attendance CSV to the caller through the outbox',
        querystring: attendanceListQuerySchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (req) =>
      service.sendAttendanceListingEmail(
        app.db,
        req.query,
        model,
        currentUser(req),
        exportAudit(app.db, req, { entityType: 'Attendance', format: 'email' }),
      ),
  );

  app.get(
    '/shift/rider-shift-attendance/',
    {
      config: { access: PERMISSIONS.CAN_VIEW_RIDER_SHIFT },
      schema: {
        tags,
        summary: "The online chart: a rider shift's 5-minute slots in time order",
        querystring: riderShiftAttendanceQuerySchema,
        response: { 200: attendanceSlotListSchema },
      },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => service.listRiderShiftAttendance(app.db, req.query.riderShift),
  );
};
