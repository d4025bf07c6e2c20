// Header-only module: SwiftPM needs one source file to build a C target.
#include "CourierCSystem.h"
