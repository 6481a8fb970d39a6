import { z } from 'zod';
import { maintenanceCategories, maintenanceStatuses } from '../catalogue.ts';
import { defineReadModel } from './read-model.ts';

export const maintenanceCategorySchema = z.enum(maintenanceCategories);
export const maintenanceStatusSchema = z.enum(maintenanceStatuses);
export type MaintenanceCategory = z.infer<typeof maintenanceCategorySchema>;
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** Statuses of a request still waiting for its end (done or declined closes it). */
export const openMaintenanceStatuses = ['open', 'acknowledged', 'scheduled', 'in-progress'] as const;

/** A time as the view's JSON aggregates hold it (timestamptz in JSON is ISO-ish) -> ISO. */
const jsonTime = z.string().transform((value) => new Date(value).toISOString());

const historyRow = z.object({
  status: maintenanceStatusSchema,
  scheduled_for: z.string().nullable(),
  reason: z.string().nullable(),
  changed_by: z.string(),
  changed_at: jsonTime,
});
const commentRow = z.object({
  author: z.string(),
  author_role: z.enum(['member', 'admin']),
  text: z.string(),
  commented_at: jsonTime,
});

/** A request's status as it is now, and as each change in its history set it. */
const statusFields = {
  status: maintenanceStatusSchema,
  /** YYYY-MM-DD while scheduled. */
  scheduledFor: z.string().nullable(),
  /** Why it was declined. */
  reason: z.string().nullable(),
};

const request = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  si: z.number().int(),
  apartment: z.string(),
  block: z.string(),
  category: maintenanceCategorySchema,
  description: z.string(),
  photos: z.array(z.string()),
  ...statusFields,
  requestedAt: z.string(),
  updatedAt: z.string(),
  /** Every status change, oldest first. */
  history: z.array(
    z.object({
      ...statusFields,
      changedBy: z.string(),
      changedAt: z.string(),
    }),
  ),
  /** Oldest first. */
  comments: z.array(
    z.object({
      author: z.string(),
      authorRole: z.enum(['member', 'admin']),
      text: z.string(),
      commentedAt: z.string(),
    }),
  ),
});

/**
 * GET /maintenance/mine (a member's own requests), GET /maintenance (admins' queue, filtered and
 * paged): each request with its status history and comments, which the query-service gathers
 * from the view's history and comments tables into one row per request.
 */
export const maintenanceView = defineReadModel({
  view: 'maintenance',
  version: 1,
  audience: 'owner',
  tables: ['requests', 'history', 'comments'],
  events: ['MaintenanceRequested', 'MaintenanceStatusChanged', 'MaintenanceCommentAdded'],
  row: z.object({
    request_id: z.string(),
    email: z.string(),
    name: z.string(),
    si: z.number().int(),
    apartment: z.string(),
    block: z.string(),
    category: maintenanceCategorySchema,
    description: z.string(),
    /** A JSON array of image links. */
    photos: z.string(),
    status: maintenanceStatusSchema,
    scheduled_for: z.string().nullable(),
    reason: z.string().nullable(),
    requested_at: z.date(),
    updated_at: z.date(),
    history: z.array(historyRow),
    comments: z.array(commentRow),
  }),
  response: request,
  toResponse: (r) => ({
    _id: r.request_id,
    email: r.email,
    name: r.name,
    si: r.si,
    apartment: r.apartment,
    block: r.block,
    category: r.category,
    description: r.description,
    photos: z.array(z.string()).parse(JSON.parse(r.photos)),
    status: r.status,
    scheduledFor: r.scheduled_for,
    reason: r.reason,
    requestedAt: r.requested_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    history: r.history.map((h) => ({
      status: h.status,
      scheduledFor: h.scheduled_for,
      reason: h.reason,
      changedBy: h.changed_by,
      changedAt: h.changed_at,
    })),
    comments: r.comments.map((c) => ({
      author: c.author,
      authorRole: c.author_role,
      text: c.text,
      commentedAt: c.commented_at,
    })),
  }),
});
export type MaintenanceRequest = z.infer<typeof maintenanceView.response>;

/** The admins' queue: one page of requests and how many match the filters. */
export const maintenanceQueueSchema = z.object({ result: z.array(request), total: z.number().int() });
export type MaintenanceQueue = z.infer<typeof maintenanceQueueSchema>;
export const MAINTENANCE_PAGE_SIZE = 10;
