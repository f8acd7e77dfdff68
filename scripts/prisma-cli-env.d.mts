/** Types of prisma-cli-env.mjs (plain JavaScript so that the production install can run it without tsx). */
export declare function prismaCliEnv(): Record<string, string>;
