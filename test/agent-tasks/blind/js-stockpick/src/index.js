'use strict';

module.exports = {
  ...require('./warehouse'),
  ...require('./orders'),
  ...require('./pricing'),
  ...require('./allocator'),
};
