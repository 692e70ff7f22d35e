/** Japanese UI texts of this resource (react-admin's resources.<name>.* keys and our own). */
export const messages = {};
