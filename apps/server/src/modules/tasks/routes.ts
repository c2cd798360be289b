import {
  CreateTaskSchema,
  DeleteTaskResultSchema,
  TaskListQuerySchema,
  TaskPageSchema,
  TaskParamsSchema,
  TaskSchema,
  TaskStatsSchema,
  UpdateTaskSchema,
} from "@flowdeck/shared/tasks/schemas";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OrgParamsSchema } from "@flowdeck/shared/organizations/params";
import { createTask, deleteTask, getTask, getTaskStats, listTasks, updateTask } from "./service.ts";
import { scopeOf } from "../../lib/scope.ts";

/**
 * The organization's library of system commands. Every member may read it (workflows show
 * command names to viewers); editors and above change it.
 */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/orgs/:orgId/tasks",
    {
      config: { action: "tasks.read" },
      schema: { params: OrgParamsSchema, querystring: TaskListQuerySchema, response: { 200: TaskPageSchema } },
    },
    async (request) => {
      const { cursor, pageSize, ...filters } = request.query;
      return listTasks({ ...scopeOf(request), filters, page: { cursor, pageSize } });
    },
  );

  app.get(
    "/api/orgs/:orgId/tasks/stats",
    { config: { action: "tasks.read" }, schema: { params: OrgParamsSchema, response: { 200: TaskStatsSchema } } },
    async (request) => getTaskStats({ ...scopeOf(request) }),
  );

  app.get(
    "/api/orgs/:orgId/tasks/:taskId",
    { config: { action: "tasks.read" }, schema: { params: TaskParamsSchema, response: { 200: TaskSchema } } },
    async (request) => getTask({ ...scopeOf(request), taskId: request.params.taskId }),
  );

  app.post(
    "/api/orgs/:orgId/tasks",
    {
      config: { action: "tasks.create", idempotent: true },
      schema: { params: OrgParamsSchema, body: CreateTaskSchema, response: { 201: TaskSchema } },
    },
    async (request, reply) => {
      const task = await createTask({ ...scopeOf(request), input: request.body, idempotency: request.idempotency });
      return reply.status(201).send(task);
    },
  );

  app.patch(
    "/api/orgs/:orgId/tasks/:taskId",
    {
      config: { action: "tasks.update" },
      schema: { params: TaskParamsSchema, body: UpdateTaskSchema, response: { 200: TaskSchema } },
    },
    async (request) => {
      return updateTask({
        ...scopeOf(request),
        taskId: request.params.taskId,
        input: request.body,
      });
    },
  );

  app.delete(
    "/api/orgs/:orgId/tasks/:taskId",
    {
      config: { action: "tasks.delete" },
      schema: { params: TaskParamsSchema, response: { 200: DeleteTaskResultSchema } },
    },
    async (request) => {
      return deleteTask({
        ...scopeOf(request),
        taskId: request.params.taskId,
      });
    },
  );
};
