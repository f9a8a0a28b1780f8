/**
 * What other modules may use of users. Other modules import only this file
 * (docs/decisions/0059-import-boundaries.md).
 */
export type { UserRow } from './users.repository';
// The users table: sign-in, references and the names activity rows show.
export {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserRef,
  listPermissionNames,
  updateUser,
  userNames,
} from './users.repository';
// The signed-in user as the API answers it.
export { toUserDto } from './users.service';
