"""
This is a library to easily acces physics functions!!!
Here is this library structre:-

physics/
        linear/
            distance
            acceleration
            collison_momentum
            time
            
        projectile/
            h_max
            time_of_flight
            time_of_ascent
            time_of_descent
            velocity_vertical
            distance_covered_vertical
            distance_covered_horizontal
            distance_covered_horizontal_max

    

        force/
            gravitational
            spring
            buoyant

        energy/
            kinetic
            potential
            nuclear

            You can use __doc__ method in each to get definations and use case of each function
    
"""