/** The react-admin resource definition (views are added by the console issue). */
const resource = {};
export default resource;
