/* Found only through the app's include directory. */
#ifndef PCDEMO_CONFIG_H
#define PCDEMO_CONFIG_H
#define PCDEMO_LIST_LENGTH 1500
#define PCDEMO_SEED 12345u
#endif
