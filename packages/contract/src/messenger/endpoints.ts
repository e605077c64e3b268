import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import {
  messageIdsBodySchema,
  messagesPageSchema,
  messagesQuerySchema,
  operatorSendBodySchema,
  operatorSendResultSchema,
  totalUnreadSchema,
} from './schemas';

/** The player's messenger: newest first, with the unread count. */
export const messengerEndpoints = {
  listMessages: defineEndpoint({
    method: 'GET',
    path: '/api/notification/messenger/messages',
    access: 'player',
    query: messagesQuerySchema,
    response: messagesPageSchema,
  }),
  readMessages: defineEndpoint({
    method: 'POST',
    path: '/api/notification/messenger/messages/read',
    access: 'player',
    body: messageIdsBodySchema,
    response: dataEnvelope(totalUnreadSchema),
  }),
  readAllMessages: defineEndpoint({
    method: 'POST',
    path: '/api/notification/messenger/messages/read/all',
    access: 'player',
    response: dataEnvelope(totalUnreadSchema),
  }),
  deleteMessages: defineEndpoint({
    method: 'DELETE',
    path: '/api/notification/messenger/messages',
    access: 'player',
    body: messageIdsBodySchema,
    response: dataEnvelope(totalUnreadSchema),
  }),
};

/** The operator's sends (`X-Admin-Key`). */
export const messengerAdminEndpoints = {
  sendMessage: defineEndpoint({
    method: 'POST',
    path: '/api/admin/messenger/messages',
    access: 'operator',
    body: operatorSendBodySchema,
    response: dataEnvelope(operatorSendResultSchema),
  }),
};
