import '../../components/account-forms.css';

export { SignInModalBody } from './SignInModalBody';
export { SignUpModalBody } from './SignUpModalBody';
export { ForgotPassModalBody, ResetPassModalBody } from './PasswordModalBodies';
