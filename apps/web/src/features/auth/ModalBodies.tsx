import './auth.css';

export { SignInModalBody } from './SignInModalBody';
export { SignUpModalBody } from './SignUpModalBody';
export { ForgotPassModalBody, ResetPassModalBody } from './PasswordModalBodies';
