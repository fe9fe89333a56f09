# A toolkit profile of our own, naming directories no built-in default
# would: ferry-cc must take them from here.
TOP              = $(_HERE_)/..
INCLUDES        +=  "-I$(TOP)/include/extra" $(_SPACE_)
SYSTEM_INCLUDES +=  "-isystem" "$(TOP)/include" $(_SPACE_)
LIBRARIES        =+ $(_SPACE_) "-L$(TOP)/mylib"
