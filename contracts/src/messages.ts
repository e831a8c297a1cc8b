// Texts the spec gives word for word; used exactly as written.
export const messages = {
  required: "This field is required",
  validEmail: "Valid email is required",
  passwordConfirmation: "Password confirmation must match password",
  invalidLogin: "Invalid login credentials. Please try again.",
  invalidToken: "Invalid login credentials",
  notLoggedIn: "User was not found or was not logged in.",
  newWorkspaceDescription: "New Workspace",
} as const;
