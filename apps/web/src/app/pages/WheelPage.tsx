/** The prize wheel (features/wheels). */
export { WheelPage } from '../../features/wheels';
