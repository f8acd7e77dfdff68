export const SUBMIT_PATH = "/api/v1/tryon/apparel";
export const STATUS_PATH_PREFIX = "/api/v1/tryon/apparel/";
export const MANNEQUINS_PATH = "/api/v1/mannequins";
export const POSES_PATH = "/api/v1/poses";
export const BACKGROUNDS_PATH = "/api/v1/backgrounds";
