@_exported import CourierTargets
