export {
  postMessage,
  postPaymentMessage,
  listMessages,
  markMessagesRead,
  unreadCount,
  DEFAULT_MESSAGE_PAGE_SIZE,
  type ListMessagesQuery,
  type PaymentMessageArgs,
} from './messages';
export { renderMessage, type RenderedMessage } from './message-texts';
