/**
 * Prize wheels (docs/wheels.md): `/wheel` shows the running wheel, the player's spins and
 * their countdowns, an animated spin and its verification in the browser. The router loads
 * the page lazily through `app/pages/WheelPage`; `wheel.spin.issued` is handled by realtime.
 */
export { WheelPage } from './WheelPage';
